import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import { ContactLink, DocumentHeader, ExternalLink, LegalTable } from './shared.tsx';

/** Privacy notice under UK GDPR and the Data Protection Act 2018. */
export function PrivacyNotice() {
  return (
    <article className="prose-savvy" aria-labelledby="privacy-title">
      <DocumentHeader
        id="privacy-title"
        title="Privacy notice"
        summary={
          <p>
            This notice explains what personal data SavvyPig holds about you, why, who else handles it, how long we keep
            it and the rights you have under UK data protection law: the UK General Data Protection Regulation (UK GDPR)
            and the Data Protection Act 2018.
          </p>
        }
      />

      <h3 id="privacy-short-version">The short version</h3>
      <ul>
        <li>SavvyPig is a tracker. You type in the details of your savings; we never connect to your bank.</li>
        <li>
          We never ask for your online banking login, we hold no money for you and we cannot move money in or out of any
          of your accounts.
        </li>
        <li>
          We use your data to run SavvyPig for you. We do not sell it, and we do not share it for other companies'
          marketing.
        </li>
        <li>
          You can see, correct, download or delete your data, and complain to the Information Commissioner's Office.
        </li>
      </ul>

      <h3 id="privacy-who-we-are">Who we are</h3>
      <p>
        SavvyPig ("we", "us") runs the SavvyPig website and app and is the controller of the personal data described in
        this notice. To contact us about your data or this notice, use our <ContactLink /> and choose "General
        question". Please don't send passwords or full account numbers in your message.
      </p>

      <h3 id="privacy-what-we-hold">The data we hold</h3>
      <h4>Details you give us when you register</h4>
      <p>
        Your first and last name, email address and password. We store your password only as a one-way hash, so nobody
        at SavvyPig can read it. If you enter a promo code, we record which code you used.
      </p>
      <h4>Profile details you choose to add</h4>
      <p>
        If you add them in your settings: your address, date of birth, mobile number, profession and a profile photo.
        All of these are optional.
      </p>
      <h4>Savings information you enter</h4>
      <p>
        The accounts you track and what you record about them: the bank, building society or provider, account name and
        type, balances, interest rates and terms, transactions, standing orders, ISA and pension details, and any notes.
        You enter all of this yourself. We do not hold bank login details, we do not read your bank statements and we
        cannot move money.
      </p>
      <h4>Your subscription and payments</h4>
      <p>
        Your plan, trial dates, promo codes and payment status. Card details are entered on our card payment provider's
        secure page and go straight to them; we never see or store your full card number. The provider tells us the
        result of each payment and limited card details, such as the card type, last four digits and expiry date, so you
        can recognise the card on file.
      </p>
      <h4>Messages you send us</h4>
      <p>What you write in the contact form or a support request, with your name and email address.</p>
      <h4>Technical and security information</h4>
      <p>
        When you use SavvyPig our servers record your IP address, browser type, sign-in and sign-out times and when you
        were last active. We use this to keep you signed in, protect accounts from misuse and fix problems.
      </p>
      <h4>Your choices</h4>
      <p>
        Your colour theme, cookie choices and notification settings. See our{' '}
        <Link to={paths.legal('cookies')}>cookie policy</Link> for what is stored in your browser.
      </p>
      <p>
        We do not ask for special category data, such as health information. Please don't include it in notes or
        messages.
      </p>

      <h3 id="privacy-lawful-bases">Why we use it and our lawful bases</h3>
      <p>UK GDPR says we must have a lawful basis for each use of your data. Ours are:</p>
      <LegalTable
        caption="Purposes and lawful bases"
        head={['What we do', 'Lawful basis']}
        rows={[
          [
            'Create and run your account, show your savings, work out deposit protection and interest figures, and send the emails the service needs (verifying your address, resetting your password, important changes).',
            'Contract: we need it to provide the service you signed up for.',
          ],
          ['Take payments, run your trial and subscription, and handle refunds.', 'Contract.'],
          ['Keep financial and tax records of payments.', 'Legal obligation.'],
          [
            'Answer your messages and support requests.',
            'Contract, or our legitimate interest in helping people who contact us.',
          ],
          [
            'Keep SavvyPig secure: limit repeated sign-in attempts, detect misuse and fraud, keep security logs and back up data.',
            'Legitimate interests: protecting you, other users and our service.',
          ],
          [
            'Understand how SavvyPig is used, from statistics that do not identify you, so we can improve it.',
            'Legitimate interests: improving our service.',
          ],
          [
            'Optional analytics or marketing cookies, and marketing emails, if we ever offer them.',
            'Consent, which you can withdraw at any time.',
          ],
        ]}
      />
      <p>
        Where we rely on legitimate interests, we have weighed them against your rights and you can object (see "Your
        rights" below).
      </p>

      <h3 id="privacy-processors">Who else handles your data</h3>
      <p>
        We use a small number of service providers ("processors") who handle data only on our instructions, under
        contracts that require them to keep it secure and confidential:
      </p>
      <ul>
        <li>
          <strong>Hosting and infrastructure</strong>: the data centre and cloud services that run SavvyPig and store
          its database and backups.
        </li>
        <li>
          <strong>Email delivery</strong>: the service that sends our emails, such as verification links and password
          resets. It receives your email address and the message.
        </li>
        <li>
          <strong>Card payments</strong>: our card payment provider, Stripe, takes payments for subscriptions. It
          receives your payment details directly from you and your email address from us. Stripe is also responsible in
          its own right for some data it needs to meet its legal duties, such as preventing fraud; see Stripe's privacy
          policy.
        </li>
        <li>
          <strong>Customer relationship and support tools</strong>: to keep track of your messages and our replies. They
          receive your name, email address and what you send us.
        </li>
      </ul>
      <p>
        We may also share data when the law requires it (for example, with HM Revenue &amp; Customs or the police under
        a valid request), with professional advisers such as our accountants, or with a buyer if SavvyPig's business is
        sold, who would have to respect this notice. We never sell your personal data.
      </p>

      <h3 id="privacy-transfers">International transfers</h3>
      <p>
        Some of our providers, or their support teams, are outside the UK, for example in the European Economic Area or
        the United States. When your data leaves the UK we make sure it stays protected by using countries the UK
        government has found to have adequate protection (including, for certified US companies, the UK Extension to the
        EU-US Data Privacy Framework) or by signing the UK's approved contract terms: the International Data Transfer
        Agreement or the UK Addendum to the EU standard contractual clauses. You can ask us for details.
      </p>

      <h3 id="privacy-retention">How long we keep it</h3>
      <LegalTable
        caption="How long we keep data"
        head={['Data', 'How long']}
        rows={[
          [
            'Your account, profile and savings information',
            'While your account is open. When you delete your account we delete it within 30 days, and from backups within a further 35 days.',
          ],
          [
            'Payment and invoice records',
            'Six years after the end of the financial year they relate to, as UK tax law requires.',
          ],
          [
            'Messages and support requests',
            'Two years after the conversation ends, unless they concern an ongoing complaint or legal claim.',
          ],
          ['Security and access logs', 'Up to 12 months.'],
          ['Accounts that are never verified', 'Deleted within 30 days of registering.'],
        ]}
      />

      <h3 id="privacy-security">How we protect it</h3>
      <ul>
        <li>Every connection to SavvyPig is encrypted (HTTPS).</li>
        <li>Passwords are stored only as strong one-way hashes, and repeated sign-in attempts are limited.</li>
        <li>
          Each person's records are kept separate in our database, so that one user's data cannot be read through
          another user's account.
        </li>
        <li>
          Only the people who need to run and support the service can reach personal data, and their access is logged.
        </li>
        <li>
          If a breach puts your rights at risk, we will tell you and the Information Commissioner's Office as the law
          requires.
        </li>
      </ul>
      <p>You can help by using a password you don't use anywhere else and by signing out on shared devices.</p>

      <h3 id="privacy-rights">Your rights</h3>
      <p>Under UK data protection law you have the right to:</p>
      <ul>
        <li>
          <strong>Access</strong>: ask for a copy of the personal data we hold about you.
        </li>
        <li>
          <strong>Rectification</strong>: have inaccurate data corrected. You can change most details yourself in the
          app.
        </li>
        <li>
          <strong>Erasure</strong>: ask us to delete your data, for example by deleting your account. We may keep some
          records where the law requires (such as payment records).
        </li>
        <li>
          <strong>Restriction</strong>: ask us to pause using your data while a concern is looked into.
        </li>
        <li>
          <strong>Portability</strong>: receive the data you gave us in a structured, machine-readable format, or have
          it sent to another provider.
        </li>
        <li>
          <strong>Objection</strong>: object to our use of your data based on legitimate interests, and to direct
          marketing at any time.
        </li>
        <li>
          <strong>Withdraw consent</strong>: where we rely on consent, withdraw it at any time without affecting what we
          did before.
        </li>
      </ul>
      <p>
        SavvyPig does not make decisions about you that have legal or similarly significant effects based only on
        automated processing. Suggestions in the app are information for you to consider.
      </p>
      <p>
        To use any of these rights, contact us through our <ContactLink />. It's free, and we will reply within one
        month (we may need to confirm who you are first, and can extend this by two months for complex requests; we'll
        tell you if so).
      </p>

      <h3 id="privacy-complaints">Complaints</h3>
      <p>
        If you're unhappy with how we handle your data, please tell us first so we can put it right. You also have the
        right to complain to the Information Commissioner's Office (ICO), the UK's data protection regulator:{' '}
        <ExternalLink href="https://ico.org.uk/make-a-complaint/">ico.org.uk</ExternalLink>, helpline 0303 123 1113.
      </p>

      <h3 id="privacy-children">Children</h3>
      <p>SavvyPig is for adults aged 18 and over. We do not knowingly hold data about children.</p>

      <h3 id="privacy-changes">Changes to this notice</h3>
      <p>
        We will update this notice when what we do with your data changes, and change the date at the top. If a change
        is significant, we will email you before it takes effect.
      </p>
    </article>
  );
}

import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import { ContactLink, DocumentHeader, ExternalLink } from './shared.tsx';
import { DepositLimitOverrideNote, useDepositLimitFacts } from '../../protection/deposit-limit.tsx';

/** Terms of use for UK consumers. */
export function TermsOfUse() {
  const limit = useDepositLimitFacts();
  return (
    <article className="prose-savvy" aria-labelledby="terms-title">
      <DocumentHeader
        id="terms-title"
        title="Terms of use"
        summary={
          <p>
            These terms are the agreement between you and SavvyPig when you create an account or use the SavvyPig
            website and app. Please read them; they explain what we provide, what you can expect from us and what we
            expect from you.
          </p>
        }
      />

      <h3 id="terms-what-savvypig-is">1. What SavvyPig is, and is not</h3>
      <p>
        SavvyPig helps you keep track of your savings accounts, ISAs, bonds and pensions in one place, and shows
        information such as balances, interest and how much of your money falls within deposit protection limits. You
        enter your account details yourself.
      </p>
      <ul>
        <li>SavvyPig is not a bank or building society. We do not hold your money and cannot move it.</li>
        <li>
          <strong>SavvyPig provides information, not financial advice.</strong> Nothing in SavvyPig is a personal
          recommendation to buy, sell, open or close any product. Suggestions and calculations are general information
          based on what you have entered. Think about whether a product suits you, and consider speaking to an adviser
          authorised by the Financial Conduct Authority before making decisions. Free, impartial guidance is available
          from <ExternalLink href="https://www.moneyhelper.org.uk/">MoneyHelper</ExternalLink>.
        </li>
        <li>
          Figures in SavvyPig, such as projected interest, depend on the information you give and on assumptions; your
          bank's own figures are the ones that count.
        </li>
      </ul>

      <h3 id="terms-fscs">2. Deposit protection (FSCS) information is guidance</h3>
      <p>
        SavvyPig shows how your savings relate to the Financial Services Compensation Scheme (FSCS) deposit limit. For
        bank and building society failures on or after {limit.since} the limit is {limit.amount}
        <DepositLimitOverrideNote /> per person for each authorised bank (each banking licence). Brands that share a
        banking licence share one limit.
      </p>
      <p>
        We work to keep our information about which brands share a licence accurate, but banks merge, change their
        licences and move customers' money, and eligibility depends on your circumstances. Our protection figures are
        guidance only. Before relying on them, check with your bank or with the FSCS at{' '}
        <ExternalLink href="https://www.fscs.org.uk/">fscs.org.uk</ExternalLink>. SavvyPig is not connected with the
        FSCS.
      </p>

      <h3 id="terms-your-account">3. Your account</h3>
      <ul>
        <li>You must be 18 or over to create an account. Each account is for one person.</li>
        <li>
          Give us accurate details and keep your email address up to date, so we can reach you about your account.
        </li>
        <li>
          Keep your password secret and don't share your account. Tell us straight away through our <ContactLink /> if
          you think someone else has used it.
        </li>
        <li>You are responsible for the information you enter and for checking it against your bank's records.</li>
      </ul>

      <h3 id="terms-acceptable-use">4. Using SavvyPig fairly</h3>
      <p>You must not:</p>
      <ul>
        <li>break the law using SavvyPig, or enter information you have no right to use;</li>
        <li>try to get into other people's accounts or parts of SavvyPig you are not allowed to use;</li>
        <li>interfere with SavvyPig's security or operation, or overload it, for example with automated requests;</li>
        <li>copy, resell or build a competing service from SavvyPig's content or data.</li>
      </ul>

      <h3 id="terms-plans">5. Plans, the 7-day free trial and payment</h3>
      <ul>
        <li>
          Every new account starts with a <strong>7-day free trial</strong> of our Big Pig plan. We don't take payment
          during the trial.
        </li>
        <li>
          When the trial ends you can choose a paid plan: Piglet, Boar or Big Pig. Plans differ in how many accounts you
          can track, which features you get and whether you see adverts. The current features and prices are shown
          before you pay, including VAT where it applies.
        </li>
        <li>
          Paid plans are billed monthly or yearly, in advance, by card through our payment provider, and renew
          automatically at the end of each period until you cancel.
        </li>
        <li>
          If we change the price of your plan we will email you at least 30 days before the change applies to you, and
          you can cancel before then.
        </li>
        <li>Promo codes are subject to the conditions shown with them and can be withdrawn or expire.</li>
        <li>
          If a payment fails we will tell you and try again. You keep access for a 7-day grace period while you update
          your payment details; after that, paid features may be paused until payment is made.
        </li>
        <li>
          If you move to a plan that tracks fewer accounts, you choose which accounts to keep. The others are archived,
          not deleted, and come back if you upgrade again.
        </li>
      </ul>

      <h3 id="terms-cancellation">6. Cancelling</h3>
      <ul>
        <li>
          You can cancel your subscription at any time in your account settings or by contacting us. Your plan stays
          active until the end of the period you have paid for, and then is not renewed.
        </li>
        <li>
          <strong>Your right to cancel:</strong> under the Consumer Contracts (Information, Cancellation and Additional
          Charges) Regulations 2013 you can cancel within 14 days of starting a paid subscription, for any reason. As
          you ask us to start the service straight away, if you cancel within those 14 days we will refund what you
          paid, less an amount for the days you have already used.
        </li>
        <li>
          Apart from that, we don't refund part-used periods unless the law requires it, for example if the service was
          not as described.
        </li>
        <li>You can delete your account at any time. This deletes your data as described in our privacy notice.</li>
      </ul>

      <h3 id="terms-our-service">7. Our service</h3>
      <p>
        We aim to keep SavvyPig available and working well, but we can't promise it will always be uninterrupted or free
        of errors; sometimes we need to carry out maintenance or fix problems. We may improve or change features. If a
        change significantly reduces what you are paying for, we will tell you in advance and you may cancel and receive
        a refund for any period you have paid for but not received.
      </p>
      <p>
        We may suspend or close an account that seriously or repeatedly breaks these terms. Unless there is an urgent
        reason (such as security), we will warn you first and give you a chance to put things right.
      </p>

      <h3 id="terms-liability">8. Our responsibility to you</h3>
      <ul>
        <li>
          As a consumer you have legal rights under the Consumer Rights Act 2015: our service must be provided with
          reasonable care and skill, and as described. Nothing in these terms affects those rights.
        </li>
        <li>
          We are responsible for loss or damage you suffer that is a foreseeable result of our breaking these terms or
          failing to use reasonable care and skill. We are not responsible for loss that was not foreseeable.
        </li>
        <li>
          Because SavvyPig gives information rather than advice, we are not responsible for decisions you make about
          your money, or for the actions of banks or other providers, unless the loss was caused by our failure to use
          reasonable care and skill.
        </li>
        <li>SavvyPig is for personal use. We are not responsible for business losses, such as loss of profit.</li>
        <li>
          We do not exclude or limit our responsibility for death or personal injury caused by our negligence, for fraud
          or fraudulent misrepresentation, or for anything else the law does not allow us to exclude or limit.
        </li>
      </ul>

      <h3 id="terms-ip">9. Our content</h3>
      <p>
        SavvyPig's software, design, text and reference data belong to us or our licensors. You may use them to manage
        your own savings through SavvyPig. The information you enter remains yours.
      </p>

      <h3 id="terms-privacy">10. Your data</h3>
      <p>
        Our <Link to={paths.legal('privacy')}>privacy notice</Link> explains how we use your personal data, and our{' '}
        <Link to={paths.legal('cookies')}>cookie policy</Link> explains what we store in your browser.
      </p>

      <h3 id="terms-complaints">11. Problems and complaints</h3>
      <p>
        If something goes wrong, please tell us through our <ContactLink />. We will try to resolve it quickly and
        fairly.
      </p>

      <h3 id="terms-changes">12. Changes to these terms</h3>
      <p>
        We may update these terms, for example to reflect changes in the law or in SavvyPig. We will tell you about
        important changes by email at least 30 days before they take effect. If you don't agree, you can cancel before
        then.
      </p>

      <h3 id="terms-law">13. Governing law</h3>
      <p>
        These terms are governed by the law of England and Wales, and the courts of England and Wales can hear any
        dispute. If you live in Scotland you can also bring proceedings in Scotland, and if you live in Northern Ireland
        you can also bring proceedings in Northern Ireland.
      </p>
    </article>
  );
}

import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import { DocumentHeader, ExternalLink, LegalTable } from './shared.tsx';

/** Cookie policy (PECR and UK GDPR). */
export function CookiePolicy() {
  return (
    <article className="prose-savvy" aria-labelledby="cookies-title">
      <DocumentHeader
        id="cookies-title"
        title="Cookie policy"
        summary={
          <p>
            This policy explains the cookies SavvyPig uses and the information we keep in your browser's own storage. We use
            only what is needed to run the service and remember your choices.
          </p>
        }
      />

      <h3 id="cookies-what">What cookies are</h3>
      <p>
        Cookies are small files a website stores in your browser. Websites can also keep information in your browser's local
        storage and session storage, which work in a similar way. The Privacy and Electronic Communications Regulations
        (PECR) say we may use them without asking only when they are strictly necessary for the service you asked for; for
        anything else we need your consent.
      </p>

      <h3 id="cookies-essential">Essential cookies</h3>
      <p>These are needed for SavvyPig to work, so they cannot be switched off.</p>
      <LegalTable
        caption="Essential cookies"
        head={['Name', 'What it does', 'How long it lasts']}
        rows={[
          [
            <code key="n">better-auth.session_token</code>,
            'Keeps you signed in and protects your account. It holds a random reference to your session, not your password or personal details. On secure connections its name starts with __Secure-.',
            'Until you sign out, or 7 days after you last used SavvyPig.',
          ],
          [
            <span key="n">Short-lived sign-in cookies</span>,
            'Set only during particular sign-in steps, such as confirming a two-factor code, to carry you safely from one step to the next.',
            'A few minutes.',
          ],
          [
            <code key="n">cookie-consent</code>,
            'Remembers your cookie choices so we don\u2019t ask again on every visit. It is sent only to SavvyPig (SameSite=Strict) and records the version of this policy you answered (currently 1.0), so we can ask again if it changes.',
            '365 days.',
          ],
        ]}
      />

      <h3 id="cookies-storage">Information kept in your browser's storage</h3>
      <p>These are not cookies and are never sent to us automatically, but we list them so you know what is kept.</p>
      <LegalTable
        caption="Browser storage"
        head={['Name', 'What it does', 'How long it lasts']}
        rows={[
          [<code key="n">ui-theme</code>, 'Remembers whether you chose the light, dark or system colour theme.', 'Until you change it or clear your browser data.'],
          [
            <code key="n">lastVisitedRoute</code>,
            'Remembers the last page you looked at, so you can carry on there after signing in.',
            'Until you close the browser tab.',
          ],
          [
            <code key="n">returnToRoute</code>,
            'Remembers the page you were trying to open when we asked you to sign in.',
            'Until you sign in or close the browser tab.',
          ],
          [
            <code key="n">pendingUserSignup</code>,
            'After you register, keeps your email address and the time, so the confirmation page can resend your verification email.',
            'Until you next sign in, or 7 days at most.',
          ],
        ]}
      />

      <h3 id="cookies-optional">Analytics and marketing cookies</h3>
      <p>
        SavvyPig does not currently use analytics or marketing cookies. If we introduce them, they will stay off unless you
        choose to allow them, and you will be able to change your mind at any time. If your browser sends a Do Not Track
        signal, we will treat analytics and marketing cookies as refused.
      </p>
      <p>We never use cookies to sell your data or to show you adverts based on your savings.</p>

      <h3 id="cookies-control">Controlling cookies</h3>
      <p>
        You can remove or block cookies in your browser's settings. If you block essential cookies you won't be able to sign
        in. Guidance for popular browsers is available from the{' '}
        <ExternalLink href="https://ico.org.uk/for-the-public/online/cookies/">Information Commissioner's Office</ExternalLink>.
      </p>
      <p>
        For how we handle personal data more generally, see our <Link to={paths.legal('privacy')}>privacy notice</Link>.
      </p>
    </article>
  );
}

import { Link } from 'react-router';
import { BROWSER_STORAGE, COOKIE_CATEGORIES } from '../../../core/consent/cookie-catalogue.ts';
import { paths } from '../../app/paths.ts';
import { CookiePreferencesLink } from '../../consent/cookie-preferences-link.tsx';
import { buttonVariants } from '../../ui/button-variants.ts';
import { DocumentHeader, ExternalLink, LegalTable } from './shared.tsx';

/** A cookie or storage name kept on one line, with its type beneath. */
function NameAndType({ name, type }: { name: string; type: string }) {
  return (
    <span className="grid gap-1">
      <code className="whitespace-nowrap">{name}</code>
      <span className="text-sm text-muted-foreground">{type}</span>
    </span>
  );
}

/** Cookie policy (PECR and UK GDPR), rendered from the one cookie catalogue the preferences dialog uses. */
export function CookiePolicy() {
  return (
    <article className="prose-savvy" aria-labelledby="cookies-title">
      <DocumentHeader
        id="cookies-title"
        title="Cookie policy"
        summary={
          <p>
            This policy explains the cookies SavvyPig uses and the information we keep in your browser's own storage. We
            use only what is needed to run the service and remember your choices.
          </p>
        }
      />

      <h3 id="cookies-what">What cookies are</h3>
      <p>
        Cookies are small files a website stores in your browser. Websites can also keep information in your browser's
        local storage and session storage, which work in a similar way. The Privacy and Electronic Communications
        Regulations (PECR) say we may use them without asking only when they are strictly necessary for the service you
        asked for; for anything else we need your consent.
      </p>

      {COOKIE_CATEGORIES.map((category) => (
        <section key={category.id} aria-labelledby={`cookies-${category.id}`}>
          <h3 id={`cookies-${category.id}`}>{category.name} cookies</h3>
          <p>{category.description}</p>
          {category.cookies.length > 0 ? (
            <LegalTable
              caption={`${category.name} cookies`}
              head={['Name', 'What it does', 'How long it lasts']}
              rows={category.cookies.map((cookie) => [
                <NameAndType key="n" name={cookie.name} type={cookie.type} />,
                cookie.purpose,
                cookie.duration,
              ])}
            />
          ) : (
            <p>{category.noneToday}</p>
          )}
        </section>
      ))}

      <h3 id="cookies-storage">Information kept in your browser's storage</h3>
      <p>These are not cookies and are never sent to us automatically, but we list them so you know what is kept.</p>
      <LegalTable
        caption="Browser storage"
        head={['Name', 'What it does', 'How long it lasts']}
        rows={BROWSER_STORAGE.map((entry) => [
          <NameAndType key="n" name={entry.isPrefix ? `${entry.key}…` : entry.key} type={entry.type} />,
          entry.purpose,
          entry.duration,
        ])}
      />

      <h3 id="cookies-signals">Do Not Track and Global Privacy Control</h3>
      <p>
        If your browser sends a Do Not Track or Global Privacy Control signal, we keep analytics and marketing cookies
        off, even if you choose Accept All, and we record that we respected the signal.
      </p>
      <p>We never use cookies to sell your data or to show you adverts based on your savings.</p>

      <h3 id="cookies-choices">Changing your choices</h3>
      <p>
        You can change your cookie choices at any time, here or from the Cookie preferences link at the bottom of every
        page. If you are signed in, your choices are saved to your account and apply on your other devices too.
      </p>
      <p>
        <CookiePreferencesLink className={buttonVariants({ variant: 'outline' })}>
          Change cookie preferences
        </CookiePreferencesLink>
      </p>

      <h3 id="cookies-control">Controlling cookies</h3>
      <p>
        You can remove or block cookies in your browser's settings. If you block essential cookies you won't be able to
        sign in. Guidance for popular browsers is available from the{' '}
        <ExternalLink href="https://ico.org.uk/for-the-public/online/cookies/">
          Information Commissioner's Office
        </ExternalLink>
        .
      </p>
      <p>
        For how we handle personal data more generally, see our <Link to={paths.legal('privacy')}>privacy notice</Link>.
      </p>
    </article>
  );
}

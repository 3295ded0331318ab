import { ArrowLeft, Home, LogIn, Wallet } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { useMe } from '../app/api.ts';
import { PigMark } from '../app/shell/logo.tsx';
import { isRegistered, paths } from '../app/paths.ts';
import { Button } from '../ui/button.tsx';

/**
 * The catch-all page for unknown addresses (002 §2). A signed-in user is offered their accounts;
 * a visitor, who has none to view, the home page and the way to log in.
 */
export function NotFoundPage() {
  const navigate = useNavigate();
  const { data: me } = useMe();

  const goBack = () => {
    // With no earlier page in this tab's history, "back" would leave the site: go home instead.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate(paths.home());
  };

  return (
    <div className="mx-auto flex w-full max-w-lg flex-1 flex-col items-center justify-center gap-6 px-4 py-16 text-center">
      <div className="relative">
        <PigMark className="size-20 opacity-90" />
        <span className="absolute -right-3 -bottom-1 rounded-full bg-background px-2 py-0.5 text-sm font-bold text-brand shadow-sm ring-1 ring-border">
          404
        </span>
      </div>
      <div className="grid gap-2">
        <h1 className="text-3xl font-bold tracking-tight">Oops! Page not found</h1>
        <p className="text-muted-foreground">
          We couldn't find the page you were looking for. It may have moved, or the address may be mistyped.
        </p>
      </div>
      <div className="flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to={paths.home()}>
            <Home aria-hidden />
            Go to the home page
          </Link>
        </Button>
        {me && isRegistered('accounts') ? (
          <Button asChild variant="outline">
            <Link to={paths.accounts()}>
              <Wallet aria-hidden />
              View your accounts
            </Link>
          </Button>
        ) : null}
        {me === null ? (
          <Button asChild variant="outline">
            <Link to={paths.login()}>
              <LogIn aria-hidden />
              Log in
            </Link>
          </Button>
        ) : null}
        <Button variant="ghost" onClick={goBack}>
          <ArrowLeft aria-hidden />
          Go back
        </Button>
      </div>
    </div>
  );
}

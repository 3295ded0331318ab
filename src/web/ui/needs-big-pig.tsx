import { Crown } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../app/paths.ts';
import { Button } from './button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from './card.tsx';

/** A Big Pig page's answer to a plan without it: the server's refusal, and where to go instead. */
export function NeedsBigPig({ message }: { message: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Crown className="size-5 text-brand" aria-hidden />
          {message}
        </CardTitle>
        <CardDescription>Your accounts page still shows each account’s protection.</CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild variant="outline">
          <Link to={paths.accounts()}>Go to your accounts</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

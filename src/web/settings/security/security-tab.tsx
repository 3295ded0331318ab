import { PasswordSection } from './password-section.tsx';
import { SessionsSection } from './sessions-section.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';

/**
 * The security tab: one section per concern, each in its own file. The two-factor section
 * (two-factor-section.tsx) goes between the password and the sessions.
 */
export function SecurityTab() {
  return (
    <div className="grid gap-6">
      <PasswordSection />
      <TwoFactorSection />
      <SessionsSection />
    </div>
  );
}

import { TwoFactorSection } from './two-factor-section.tsx';

/**
 * The security tab: one section per concern, each in its own file (password, two-factor,
 * sessions). Add a section by importing it and placing it in the list below.
 */
export function SecurityTab() {
  return (
    <div className="grid gap-6">
      <TwoFactorSection />
    </div>
  );
}

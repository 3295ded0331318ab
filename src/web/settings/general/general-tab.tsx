export function GeneralTab() {
  return <div className="grid gap-6"></div>;
}

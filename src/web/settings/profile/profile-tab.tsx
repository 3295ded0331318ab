export function ProfileTab() {
  return <div className="grid gap-6"></div>;
}

export function NotificationsTab() {
  return <div className="grid gap-6"></div>;
}

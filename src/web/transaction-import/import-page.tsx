export function ImportPage() { return null; }

/** The settings page of a network. */
export function settingsPath(id: string): string {
  return `/network-settings?id=${encodeURIComponent(id)}`;
}

/** The networks page with a sandbox's virtual phone open. */
export function phonePath(id: string): string {
  return `/views/networks?phone=${encodeURIComponent(id)}`;
}

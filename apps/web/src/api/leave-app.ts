/** Leaves the SPA for a page the server renders itself (a full navigation, not a client-side route). */
export function leaveApp(path: string): void {
  window.location.assign(path);
}

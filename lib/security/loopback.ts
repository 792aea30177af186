const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|::1|\[::1\])$/i;

/**
 * Whether people on other machines can reach Concord: it listens on an address that is
 * not loopback (`HOST`), or its public address (`NEXTAUTH_URL`, e.g. behind a reverse
 * proxy) names another host.
 */
export function reachableBeyondThisMachine(host: string, publicUrl?: string): boolean {
  if (!LOOPBACK.test(host.trim())) return true;
  if (!publicUrl) return false;
  try {
    return !LOOPBACK.test(new URL(publicUrl).hostname);
  } catch {
    return true;
  }
}

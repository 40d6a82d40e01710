// The health check the service answers on /health.
export function health() {
  return { status: 'ok', uptime: process.uptime() };
}

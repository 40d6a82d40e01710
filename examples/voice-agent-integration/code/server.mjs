// The voice agent's HTTP entry point, as upstream ships it.
export function start(port = 8080) {
  return { port };
}

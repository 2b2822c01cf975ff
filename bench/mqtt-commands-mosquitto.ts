/**
 * bench/mqtt-commands.ts with Debian's mosquitto as the broker: the broker, not the server, is
 * restarted under the fleet.
 *
 *   npx tsx bench/mqtt-commands-mosquitto.ts
 */
process.env.BENCH_BROKER = 'mosquitto';
await import('./mqtt-commands.ts');

export {};

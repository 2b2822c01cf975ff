/**
 * bench/mqtt.ts with Debian's mosquitto as the broker (the console its client through MQTT_URL).
 *
 *   npx tsx bench/mqtt-mosquitto.ts
 */
process.env.BENCH_BROKER = 'mosquitto';
await import('./mqtt.ts');

export {};

import mqtt from 'mqtt';
const url = 'mqtt://127.0.0.1:18831';
for (const [u, p] of [['M1', 'p1'], ['S000003', 'x'.repeat(64)], ['S000005', 'x'.repeat(64)], ['S000001', 'q'.repeat(64)]]) {
  console.log(u, await mqtt.connectAsync(url, { username: u, password: p, clientId: u, reconnectPeriod: 0 }).then((c) => { c.end(); return 'ok'; }, e => e.message));
}
process.exit(0);

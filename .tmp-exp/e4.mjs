import mqtt from 'mqtt';
const url = 'mqtt://127.0.0.1:18831';
const admin = await mqtt.connectAsync(url, { username: 'admin', password: 'adminpw', clientId: 'admin1' });
await admin.subscribeAsync('$CONTROL/dynamic-security/v1/response');
const responses = [];
admin.on('message', (t, p) => responses.push(JSON.parse(p.toString())));
const ctl = async (commands) => { responses.length = 0; await admin.publishAsync('$CONTROL/dynamic-security/v1', JSON.stringify({ commands })); while (!responses.length) await new Promise(r => setTimeout(r, 1)); return responses[0]; };
for (const cmds of [
  [{ command: 'getClient', username: 'S000001' }],
  Array.from({length: 20}, (_, i) => ({ command: 'getClient', username: 'S00000' + (i%10) })),
  [{ command: 'setClientPassword', username: 'S000001', password: 'z'.repeat(64) }],
  Array.from({length: 20}, (_, i) => ({ command: 'setClientPassword', username: 'S00000' + (i%10), password: 'q'.repeat(64) })),
  [{ command: 'createRole', rolename: 'zz1' }],
  [{ command: 'createClient', username: 'zz1', password: 'x' }],
  [{ command: 'createClient', username: 'zz2' }],
  [{ command: 'setClientId', username: 'zz2', clientid: 'zz2' }],
]) { const t = performance.now(); const r = await ctl(cmds); console.log(cmds.length, cmds[0].command, Math.round(performance.now() - t), 'ms', JSON.stringify(r).slice(0, 100)); }
process.exit(0);

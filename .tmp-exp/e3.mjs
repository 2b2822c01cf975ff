import mqtt from 'mqtt';
const url = 'mqtt://127.0.0.1:18831';
const admin = await mqtt.connectAsync(url, { username: 'admin', password: 'adminpw', clientId: 'admin1' });
await admin.subscribeAsync('$CONTROL/dynamic-security/v1/response');
const responses = [];
admin.on('message', (t, p) => responses.push(JSON.parse(p.toString())));
const ctl = async (commands) => { responses.length = 0; await admin.publishAsync('$CONTROL/dynamic-security/v1', JSON.stringify({ commands })); while (!responses.length) await new Promise(r => setTimeout(r, 5)); return responses[0]; };
const N = Number(process.argv[2] ?? 3000), B = Number(process.argv[3] ?? 100);
let t = performance.now();
for (let i = 0; i < N; i += B) {
  const cmds = [];
  for (let j = i; j < Math.min(N, i + B); j++) {
    const u = 'S' + String(j).padStart(6, '0');
    cmds.push({ command: 'createRole', rolename: 'machine:' + u, acls: [
      { acltype: 'publishClientSend', topic: `m/${u}/up/+`, allow: true },
      { acltype: 'publishClientSend', topic: `m/${u}/status`, allow: true },
      { acltype: 'subscribeLiteral', topic: `m/${u}/cmd`, allow: true },
      { acltype: 'subscribeLiteral', topic: `m/${u}/reply`, allow: true }] });
    cmds.push({ command: 'createClient', username: u, password: 'x'.repeat(64), clientid: u, textname: 'machine', textdescription: 'fp', roles: [{ rolename: 'machine:' + u }] });
  }
  const r = await ctl(cmds);
  if (r.responses.some(x => x.error)) { console.log(r.responses.find(x => x.error)); }
}
console.log('create', N, Math.round(performance.now() - t), 'ms');
t = performance.now();
const list = await ctl([{ command: 'listClients', verbose: true }]);
console.log('list', list.responses[0].data.clients.length, Math.round(performance.now() - t), 'ms');
t = performance.now();
await ctl([{ command: 'setClientPassword', username: 'S000001', password: 'y'.repeat(64) }]);
console.log('one change', Math.round(performance.now() - t), 'ms');
process.exit(0);

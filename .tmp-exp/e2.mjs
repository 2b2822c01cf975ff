import mqtt from 'mqtt';
const url = 'mqtt://127.0.0.1:18831';
const admin = await mqtt.connectAsync(url, { username: 'admin', password: 'adminpw', clientId: 'admin1' });
await admin.subscribeAsync('$CONTROL/dynamic-security/v1/response');
const responses = [];
admin.on('message', (t, p) => responses.push(JSON.parse(p.toString())));
const ctl = async (commands) => { responses.length = 0; await admin.publishAsync('$CONTROL/dynamic-security/v1', JSON.stringify({ commands })); while (!responses.length) await new Promise(r => setTimeout(r, 10)); return responses[0]; };
console.log(JSON.stringify(await ctl([
  { command: 'createRole', rolename: 'm-M1', acls: [
    { acltype: 'publishClientSend', topic: 'm/M1/up/+', allow: true },
    { acltype: 'publishClientSend', topic: 'm/M1/status', allow: true },
    { acltype: 'subscribeLiteral', topic: 'm/M1/cmd', allow: true },
    { acltype: 'subscribeLiteral', topic: 'm/M1/reply', allow: true }] },
  { command: 'addClientRole', username: 'M1', rolename: 'm-M1' },
  { command: 'addRoleACL', rolename: 'console', acltype: 'subscribePattern', topic: '$share/console/m/+/up/+', allow: true },
  { command: 'addRoleACL', rolename: 'console', acltype: 'publishClientSend', topic: 'm/+/reply', allow: true },
])), null, 1);
const cons = await mqtt.connectAsync(url, { username: 'cons', password: 'cp', clientId: 'cons1' });
const got = [];
cons.on('message', (t, p, pk) => got.push([t, p.toString(), pk.retain]));
console.log('share sub', await cons.subscribeAsync(['$share/console/m/+/up/+', 'm/+/status']).then(g => JSON.stringify(g)).catch(e => e.message + JSON.stringify(e.packet)));
const m1 = await mqtt.connectAsync(url, { username: 'M1', password: 'p1', clientId: 'M1', clean: false, will: { topic: 'm/M1/status', payload: 'offline', retain: true, qos: 1 } });
const m1got = [];
m1.on('message', (t, p) => m1got.push([t, p.toString()]));
console.log('m1 sub', await m1.subscribeAsync(['m/M1/cmd', 'm/M1/reply'], { qos: 1 }).then(g => JSON.stringify(g)).catch(e => JSON.stringify(e.packet)));
await m1.publishAsync('m/M1/up/heartbeat', 'hb1', { qos: 1 });
await m1.publishAsync('m/M2/up/heartbeat', 'forged', { qos: 1 });
await m1.publishAsync('m/M1/status', 'online', { qos: 1, retain: true });
await cons.publishAsync('m/M1/cmd', 'cmd1', { qos: 1 });
await cons.publishAsync('m/M1/reply', 'reply1', { qos: 1 });
await new Promise(r => setTimeout(r, 300));
console.log('got', got, 'm1 connected', m1.connected, m1got);
// second console instance: retained status on plain subscription?
const cons2 = await mqtt.connectAsync(url, { username: 'cons', password: 'cp', clientId: 'cons2' });
const got2 = [];
cons2.on('message', (t, p, pk) => got2.push([t, p.toString(), pk.retain]));
await cons2.subscribeAsync(['$share/console/m/+/up/+', 'm/+/status']);
await new Promise(r => setTimeout(r, 200));
console.log('cons2 retained', got2);
got.length = 0; got2.length = 0;
for (let i = 0; i < 6; i++) await m1.publishAsync('m/M1/up/heartbeat', 'hb' + i, { qos: 1 });
await new Promise(r => setTimeout(r, 300));
console.log('split', got.map(g => g[1]), got2.map(g => g[1]));
// kick by deleting client
got.length = 0;
console.log(JSON.stringify(await ctl([{ command: 'disableClient', username: 'M1' }])));
await new Promise(r => setTimeout(r, 300));
console.log('after disable: m1 connected', m1.connected, got);
process.exit(0);

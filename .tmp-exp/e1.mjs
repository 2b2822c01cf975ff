import mqtt from 'mqtt';
const url = 'mqtt://127.0.0.1:18831';
const admin = await mqtt.connectAsync(url, { username: 'admin', password: 'adminpw', clientId: 'admin1' });
await admin.subscribeAsync('$CONTROL/dynamic-security/v1/response');
const responses = [];
admin.on('message', (t, p) => responses.push(JSON.parse(p.toString())));
const ctl = async (commands) => { responses.length = 0; await admin.publishAsync('$CONTROL/dynamic-security/v1', JSON.stringify({ commands })); while (!responses.length) await new Promise(r => setTimeout(r, 10)); return responses[0]; };
console.log(JSON.stringify(await ctl([
  { command: 'createRole', rolename: 'machine' },
  { command: 'addRoleACL', rolename: 'machine', acltype: 'publishClientSend', topic: 'm/%u/up/+', allow: true },
  { command: 'addRoleACL', rolename: 'machine', acltype: 'publishClientSend', topic: 'm/%c/status', allow: true },
  { command: 'addRoleACL', rolename: 'machine', acltype: 'subscribeLiteral', topic: 'm/%u/cmd', allow: true },
  { command: 'createClient', username: 'M1', password: 'p1', clientid: 'M1', textname: 'machine', textdescription: 'fp:abc', roles: [{ rolename: 'machine' }] },
  { command: 'createClient', username: 'M1', password: 'p1' },
  { command: 'createRole', rolename: 'console' },
  { command: 'addRoleACL', rolename: 'console', acltype: 'subscribePattern', topic: 'm/+/up/+', allow: true },
  { command: 'addRoleACL', rolename: 'console', acltype: 'subscribePattern', topic: 'm/+/status', allow: true },
  { command: 'addRoleACL', rolename: 'console', acltype: 'publishClientSend', topic: 'm/+/cmd', allow: true },
  { command: 'createClient', username: 'cons', password: 'cp', roles: [{ rolename: 'console' }] },
  { command: 'listClients', verbose: true },
  { command: 'getClient', username: 'M1' },
]), null, 1));
const cons = await mqtt.connectAsync(url, { username: 'cons', password: 'cp', clientId: 'cons1' });
const got = [];
cons.on('message', (t, p, pk) => got.push([t, p.toString(), pk.retain]));
console.log('share sub', await cons.subscribeAsync(['$share/g/m/+/up/+', 'm/+/status', '$share/g/x/y']).catch(e => e.message + JSON.stringify(e.packet)));
const m1 = await mqtt.connectAsync(url, { username: 'M1', password: 'p1', clientId: 'M1', will: { topic: 'm/M1/status', payload: 'offline', retain: true, qos: 1 } });
console.log('m1 sub', await m1.subscribeAsync(['m/M1/cmd', 'm/M2/cmd', '#']).catch(e => JSON.stringify(e.packet)));
await m1.publishAsync('m/M1/up/heartbeat', 'hb1', { qos: 1 });
await m1.publishAsync('m/M2/up/heartbeat', 'forged', { qos: 1 });
await m1.publishAsync('m/M1/status', 'online', { qos: 1, retain: true });
await new Promise(r => setTimeout(r, 300));
console.log('got', got, 'm1 connected', m1.connected);
const bad = await mqtt.connectAsync(url, { username: 'M1', password: 'wrong', clientId: 'M1', reconnectPeriod: 0 }).catch(e => 'refused ' + e.code + ' ' + e.message);
console.log('bad', bad);
const wrongId = await mqtt.connectAsync(url, { username: 'M1', password: 'p1', clientId: 'X1', reconnectPeriod: 0 }).catch(e => 'refused ' + e.code + ' ' + e.message);
console.log('wrongId', typeof wrongId === 'string' ? wrongId : 'connected');
process.exit(0);

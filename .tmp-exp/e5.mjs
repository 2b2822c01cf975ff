import mqtt from 'mqtt';
const url = 'mqtt://127.0.0.1:18831';
const admin = await mqtt.connectAsync(url, { username: 'admin', password: 'adminpw', clientId: 'admin1' });
await admin.subscribeAsync('$CONTROL/dynamic-security/v1/response');
const responses = [];
admin.on('message', (t, p) => responses.push(JSON.parse(p.toString())));
const ctl = async (commands) => { responses.length = 0; await admin.publishAsync('$CONTROL/dynamic-security/v1', JSON.stringify({ commands })); while (!responses.length) await new Promise(r => setTimeout(r, 1)); return responses[0]; };
console.log(JSON.stringify(await ctl([
  { command: 'createClient', username: 'T1', password: 'a', correlationData: 'c1' },
  { command: 'modifyClient', username: 'T1', password: 'b', clientid: 'T1', textdescription: 'fp2', roles: [{ rolename: 'machine' }], correlationData: 'c2' },
  { command: 'getClient', username: 'T1' },
  { command: 'deleteClient', username: 'T1' },
  { command: 'deleteRole', rolename: 'nope' },
  { command: 'deleteClient', username: 'nope' },
  { command: 'bogus' },
]), null, 0));
const t1 = await mqtt.connectAsync(url, { username: 'S000003', password: 'x'.repeat(64), clientId: 'S000003', reconnectPeriod: 0 }).then(() => 'ok', e => e.message);
console.log(t1);
process.exit(0);

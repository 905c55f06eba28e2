/**
 * The layers of server/, top to bottom: a file belongs to its folder's layer (or its own name's, at the
 * top of server/) and imports only from its own layer and the layers below; names in one entry are
 * peers. spec/architecture.spec.ts checks the imports against it; `npm run readme` writes it into the
 * README's Layout.
 */
export const LAYERS: (string | string[])[] = [
  'main', // starts the server
  'app', // createApp: wires everything below
  'http', // the HTTP mirror and the plain routes
  'ops', // the operations, one file per namespace
  'rpc', // operation(), the registry, dispatch, the WebSocket gateway
  'guards', // the input guard and the rate limits of both transports
  'consumers', // durable consumers of the event log: webhooks
  'domain', // commands and rules that span tables
  ['functions', 'transfer'], // the function-field engine; export and import
  'storage', // files' bytes (FileStorage), uploads, image renditions, zip
  'presenters', // records on the wire
  'context', // what an operation's run receives
  'realtime', // signals: hub, bus, event log, delivery, resume
  'policies', // who may do what: roles, workflows, files, license quotas
  'auth', // sessions, API keys, credentials, passwords, SSO, proof of work, limits
  'mail', // outgoing mail
  'db', // connection, migrations, one file per table group
  ['log', 'config', 'config-readers', 'errors', 'ids', 'safe-keys', 'version', 'backoff'],
]

/** The order as the README states it: `main → app → … → db → log | config | …`. */
export const layersMarkdown = () =>
  `**Imports point down:** ${LAYERS.map((entry) => [entry].flat().join(' | ')).join(' → ')}. A layer imports only itself and the layers after it; \`spec/architecture.spec.ts\` checks it.`

/** The server's name and version, from package.json (one place). */
import pkg from '../package.json'

export const SERVER = { name: pkg.name, version: pkg.version }

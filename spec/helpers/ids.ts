/** Ids as the server makes them: 24 hex characters. */
import { randomBytes } from 'node:crypto'

/** A well-formed id that names nothing: the "not found" answers. */
export const MISSING = '0123456789abcdef01234567'

/** A fresh random id, which no row has yet (also a handy unique suffix for names). */
export const newId = (): string => randomBytes(12).toString('hex')

/** What an id the server returns looks like. */
export const ID_PATTERN = /^[0-9a-f]{24}$/

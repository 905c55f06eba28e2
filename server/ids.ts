/** Record ids (24-hex ObjectIds) and secrets (>= 128 bits, stored hashed). */
import { createHash } from 'node:crypto'
import { ObjectId } from 'bson'
import { nanoid } from 'nanoid'

export const newId = (): string => new ObjectId().toHexString()

/** 32 nanoid characters of 6 bits each: 192 bits. */
export const newSecret = (): string => nanoid(32)

export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex')

export const isObjectId = (value: unknown): value is string => typeof value === 'string' && /^[0-9a-f]{24}$/.test(value)

/** `text` with every id inside it that `newIdOf` knows replaced (a copy or an import giving records new ids); other ids stay. */
export const replaceIdsInText = (text: string, newIdOf: (id: string) => string | undefined): string => text.replace(/[0-9a-f]{24}/g, (id) => newIdOf(id) ?? id)

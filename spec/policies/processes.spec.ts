/** The workflow access rule of server/policies/processes.ts, walked as a table. */
import { activityAccess, processAccess, type ProcessEntry } from '../../server/policies/processes'
import type { Role } from '../../server/db/schema'

const cid = 'c'.repeat(24)
const base = { cid, uid: 'creator', allowGuests: false, enableGuestEditing: false }
const caller = (role: Role, uid = 'u', teams: string[] = []) => ({ uid, role, teams })
const entry = (member_id: string, ...permissions: ProcessEntry['permissions']): ProcessEntry => ({ member_id, permissions })

test('workspace owners and admins and the creator administer; a network entry lets members but not guests see', () => {
  const open = [entry(`network_${cid}`)]
  expect(processAccess(base, caller('owner'), [])).toMatchObject({ see: true, administer: true, editAny: true })
  expect(processAccess(base, caller('admin'), [])).toMatchObject({ see: true, administer: true })
  expect(processAccess(base, caller('user', 'creator'), [])).toMatchObject({ see: true, administer: true })
  expect(processAccess(base, caller('user'), [])).toMatchObject({ see: false, create: false })
  expect(processAccess(base, caller('user'), open)).toMatchObject({ see: true, administer: false, create: true, editAny: false, editOwn: false })
  expect(processAccess(base, caller('inviter'), open)).toMatchObject({ see: true })
  expect(processAccess(base, caller('guest'), open)).toMatchObject({ see: false })
  expect(processAccess({ ...base, allowGuests: true }, caller('guest'), open)).toMatchObject({ see: false })
  expect(processAccess(base, null, open).see).toBe(false)
})

test('team and user entries, their permissions, and guests', () => {
  const entries = [entry('team_t1', 'ownteam'), entry('user_u', 'own'), entry('user_boss', 'admin'), entry('team_t2', 'any')]
  expect(processAccess(base, caller('user', 'x', ['t1']), entries)).toMatchObject({ see: true, editOwnTeam: true, editOwn: false, editAny: false })
  expect(processAccess(base, caller('user', 'u'), entries)).toMatchObject({ see: true, editOwn: true, editOwnTeam: false })
  expect(processAccess(base, caller('user', 'boss'), entries)).toMatchObject({ administer: true, editAny: true })
  expect(processAccess(base, caller('user', 'y', ['t2']), entries)).toMatchObject({ administer: false, editAny: true })
  expect(processAccess(base, caller('user', 'z', ['t3']), entries).see).toBe(false)
  // Guests: only with allowGuests and listed; write only with enableGuestEditing; never administer.
  expect(processAccess(base, caller('guest', 'boss'), entries)).toMatchObject({ see: false })
  expect(processAccess({ ...base, allowGuests: true }, caller('guest', 'boss'), entries)).toMatchObject({
    see: true,
    administer: false,
    create: false,
    editAny: false,
  })
  expect(processAccess({ ...base, allowGuests: true, enableGuestEditing: true }, caller('guest', 'u'), entries)).toMatchObject({
    see: true,
    create: true,
    editOwn: true,
  })
})

test('activityAccess: own, own team, any', () => {
  const entries = [entry('user_u', 'own'), entry('team_t1', 'ownteam')]
  const own = processAccess(base, caller('user', 'u'), entries)
  expect(activityAccess(own, { owners: ['u'] })).toEqual({ read: true, edit: true })
  expect(activityAccess(own, { owners: ['v'], team: 't1' })).toEqual({ read: true, edit: false })
  const team = processAccess(base, caller('user', 'w', ['t1']), entries)
  expect(activityAccess(team, { owners: ['v'], team: 't1' })).toEqual({ read: true, edit: true })
  expect(activityAccess(team, { owners: ['w'], team: 't9' })).toEqual({ read: true, edit: false })
  const outsider = processAccess(base, caller('user', 'q'), entries)
  expect(activityAccess(outsider, { owners: ['q'] })).toEqual({ read: false, edit: false })
})

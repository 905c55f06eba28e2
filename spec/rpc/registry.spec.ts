/** The list of server/ops/index.ts and where each operation lives (the rule written there); no server needed. */
import { operations } from '../../server/ops'
import { belongsIn, isOperation, opsModules } from '../../scripts/operation-files'

const modules = opsModules()

test('every export of an ops module is an operation', () => {
  const strays = modules.flatMap(({ file, exports }) =>
    Object.keys(exports)
      .filter((key) => !isOperation(exports[key]))
      .map((key) => `${file}: ${key}`),
  )
  expect(strays).toEqual([])
})

test('server/ops/index.ts lists every ops module, and nothing else', () => {
  const declared = new Set(modules.flatMap(({ exports }) => Object.values(exports)))
  const unlisted = modules.filter(({ exports }) => Object.values(exports).some((op) => !operations.includes(op as never))).map(({ file }) => file)
  expect(unlisted).toEqual([])
  expect(operations.filter((op) => !declared.has(op)).map((op) => op.name)).toEqual([])
})

test("a file's folder is a prefix of every operation in it; a file is its namespace or one subject of it", () => {
  const misplaced = modules.flatMap(({ file, exports }) =>
    Object.values(exports)
      .filter(isOperation)
      .filter((op) => !belongsIn(op.name, file))
      .map((op) => `${op.name} in ${file}`),
  )
  expect(misplaced).toEqual([])
})

/**
 * Marketplace products. A product belongs to a workspace; each published version holds a template
 * document of that workspace's workflows (server/domain/copy-processes.ts) and is never overwritten.
 * The latest version is the highest by semver precedence, not the last published.
 *
 * Who sees a product: members of its workspace always; once it has a version, any signed-in user
 * (it is on the marketplace). Anyone else: 404.
 */
import { actsIn, type Principal } from '../policies/principal'
import type { Selectable } from 'kysely'
import type { DbHandle, ProductsTable, ProductVersionsTable } from '../db/schema'
import { notFound } from '../errors'

/** Semver precedence (semver.org §11): negative when a < b. Build metadata is ignored. */
export function compareSemver(a: string, b: string): number {
  const parse = (v: string) => {
    const [core, pre] = v.split('+')[0].split(/-(.*)/s)
    return { nums: core.split('.').map(Number), pre: pre ? pre.split('.') : [] }
  }
  const x = parse(a)
  const y = parse(b)
  for (let i = 0; i < 3; i++) if (x.nums[i] !== y.nums[i]) return x.nums[i] - y.nums[i]
  if (!x.pre.length || !y.pre.length) return y.pre.length - x.pre.length // a release outranks its pre-releases
  for (let i = 0; i < Math.max(x.pre.length, y.pre.length); i++) {
    const p = x.pre[i]
    const q = y.pre[i]
    if (p === undefined) return -1
    if (q === undefined) return 1
    if (p === q) continue
    const pn = /^\d+$/.test(p)
    const qn = /^\d+$/.test(q)
    if (pn && qn) return Number(p) - Number(q)
    if (pn !== qn) return pn ? -1 : 1
    return p < q ? -1 : 1
  }
  return 0
}

export type ProductRow = Selectable<ProductsTable>
export type VersionRow = Selectable<ProductVersionsTable>

/** The versions of a product, highest first. */
export async function loadVersions(db: DbHandle, product: ProductRow): Promise<VersionRow[]> {
  const rows = await db.selectFrom('product_versions').selectAll().where('cid', '=', product.cid).where('product_id', '=', product._id).execute()
  return rows.sort((a, b) => compareSemver(b.version, a.version))
}

/** The product `productId` as `uid` may see it (see the head of this file), or 404. */
export async function loadVisibleProduct(db: DbHandle, caller: Principal, productId: string): Promise<{ product: ProductRow; versions: VersionRow[] }> {
  const product = await db.selectFrom('products').selectAll().where('_id', '=', productId).executeTakeFirst()
  if (!product) throw notFound('product')
  const versions = await loadVersions(db, product)
  if (!versions.length) {
    const member = await db.selectFrom('workspace_members').select('uid').where('cid', '=', product.cid).where('uid', '=', caller.uid).executeTakeFirst()
    if (!member || !actsIn(caller, product.cid)) throw notFound('product')
  }
  return { product, versions }
}

/** What product.get, create and publishTemplate return. */
export function productObject(product: ProductRow, versions: VersionRow[]) {
  return {
    _id: product._id,
    cid: product.cid,
    name: product.name,
    uid: product.uid,
    created: product.created,
    ...(product.updated !== null && { updated: product.updated }),
    latest: versions[0]?.version ?? null,
    versions: versions.map(versionObject),
  }
}

export function versionObject(v: VersionRow) {
  const schemas = (v.template.schemas as unknown[] | undefined) ?? []
  return {
    version: v.version,
    versionDescription: v.version_description,
    title: v.title,
    description: v.description,
    uid: v.uid,
    created: v.created,
    workflows: schemas.length,
  }
}

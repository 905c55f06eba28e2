/**
 * The marketplace: v2.network.product.create, publishTemplate, get, getManifest, install,
 * isProductInstalled. Records and who sees them: server/domain/products.ts. Installing goes through
 * the copy of server/domain/copy-processes.ts.
 *
 * Signals on workspace:<cid>: `product.created {_id}`, `product.published {_id, version}` (the
 * product's workspace), `product.installed {productId, version, processIds}` (the target).
 */
import { copyProcesses, workspaceTemplate, type WorkflowSchema } from '../../../domain/copy-processes'
import { loadVersions, loadVisibleProduct, productObject, versionObject, type ProductRow } from '../../../domain/products'
import { conflict, notFound, refused } from '../../../errors'
import { newId } from '../../../ids'
import type { SignedInContext } from '../../../context'
import { operation } from '../../../rpc/operation'

async function newProduct(ctx: SignedInContext, cid: string, name: string): Promise<ProductRow> {
  const product: ProductRow = { cid, _id: newId(), name: name.trim(), uid: ctx.session.uid, created: Date.now(), updated: null }
  await ctx.db.insertInto('products').values(product).execute()
  ctx.publish(`workspace:${cid}`, 'product.created', { _id: product._id })
  return product
}

/**
 * [{name}]: a product of the current workspace, without versions yet (seen only by the workspace's
 * members until a version is published). Workspace owners and admins. Returns the product object
 * `{_id, cid, name, uid, created, latest: null, versions: []}`.
 */
export const create = operation({
  name: 'v2.network.product.create',
  access: 'member',
  capability: 'workspace.admin',
  async run(ctx, product) {
    const { cid } = ctx
    return productObject(await newProduct(ctx, cid, product.name), [])
  },
})

/**
 * A new version of product `targetId` (a product of the workspace; without it, a new product named
 * `title` is created) holding the workflows of the workspace (`workspaceId`, default the current
 * one) that the caller sees, as a template document titled `title`. Workspace owners and admins.
 * A version that exists is a 409 (versions are never overwritten); a version that is not semver is a
 * 400; a workspace without workflows is a 422. Returns the product object.
 */
export const publishTemplate = operation({
  name: 'v2.network.product.publishTemplate',
  access: 'member',
  capability: 'workspace.admin',
  workspace: (_caller, template) => template.workspaceId,
  async run(ctx, template) {
    const { cid, member } = ctx
    let product: ProductRow
    if (template.targetId) {
      const found = await ctx.db.selectFrom('products').selectAll().where('cid', '=', cid).where('_id', '=', template.targetId).executeTakeFirst()
      if (!found) throw notFound('product')
      product = found
      const taken = await ctx.db
        .selectFrom('product_versions')
        .select('version')
        .where('cid', '=', cid)
        .where('product_id', '=', product._id)
        .where('version', '=', template.version)
        .executeTakeFirst()
      if (taken) throw conflict(`version ${template.version} of this product exists; publish a new version`, { argument: 0, path: '/version' })
    }
    const contents = await workspaceTemplate(ctx.db, cid, member)
    if (!contents.schemas.length) throw refused('the workspace has no workflows to publish', { argument: 0 })
    product ??= await newProduct(ctx, cid, template.title)
    const now = Date.now()
    await ctx.db
      .insertInto('product_versions')
      .values({
        cid,
        product_id: product._id,
        version: template.version,
        version_description: template.versionDescription,
        title: template.title,
        description: template.description,
        template: JSON.stringify({ ...contents, _id: product._id, title: template.title, description: template.description }),
        uid: ctx.session.uid,
        created: now,
      })
      .execute()
    await ctx.db.updateTable('products').set({ updated: now }).where('cid', '=', cid).where('_id', '=', product._id).execute()
    ctx.publish(`workspace:${cid}`, 'product.published', { _id: product._id, version: template.version })
    return productObject({ ...product, updated: now }, await loadVersions(ctx.db, product))
  },
})

/** [targetId]: the product object with its versions, highest first (`latest` is the highest). */
export const get = operation({
  name: 'v2.network.product.get',
  access: 'signedIn',
  readOnly: true,
  async run(ctx, targetId) {
    const { product, versions } = await loadVisibleProduct(ctx.db, ctx.session, targetId)
    return productObject(product, versions)
  },
})

/**
 * [targetId]: what installing would install: the latest version (as in product.get) with
 * `productId`, `name` and its template document `template` `{_id, title, description, schemas}`.
 * 404 while the product has no version.
 */
export const getManifest = operation({
  name: 'v2.network.product.getManifest',
  access: 'signedIn',
  readOnly: true,
  async run(ctx, targetId) {
    const { product, versions } = await loadVisibleProduct(ctx.db, ctx.session, targetId)
    const latest = versions[0]
    if (!latest) throw notFound('published version')
    return { productId: product._id, name: product.name, ...versionObject(latest), template: latest.template }
  },
})

/**
 * [productId, ws]: installs the latest version's workflows into `ws` (the caller needs
 * processes.create there; the quotas count). Installing again adds another copy and records the
 * newer install. Returns true.
 */
export const install = operation({
  name: 'v2.network.product.install',
  access: 'member',
  capability: 'processes.create',
  workspace: (_caller, _productId, workspaceId) => workspaceId,
  async run(ctx, productId, workspaceId) {
    const { product, versions } = await loadVisibleProduct(ctx.db, ctx.session, productId)
    const latest = versions[0]
    if (!latest) throw notFound('published version')
    const schemas = (latest.template.schemas as WorkflowSchema[] | undefined) ?? []
    const { processIds } = await copyProcesses(ctx, { cid: workspaceId, uid: ctx.session.uid, sourceCid: null }, schemas)
    const record = { version: latest.version, process_ids: JSON.stringify(processIds), uid: ctx.session.uid, created: Date.now() }
    await ctx.db
      .insertInto('product_installs')
      .values({ cid: workspaceId, product_id: product._id, ...record })
      .onConflict((oc) => oc.columns(['cid', 'product_id']).doUpdateSet(record))
      .execute()
    ctx.publish(`workspace:${workspaceId}`, 'product.installed', { productId: product._id, version: latest.version, processIds })
    return true
  },
})

/**
 * [productId, ws]: whether the product was installed into `ws` and at least one workflow of its
 * latest install is still there. Any member of `ws`.
 */
export const isProductInstalled = operation({
  name: 'v2.network.product.isProductInstalled',
  access: 'member',
  capability: 'workspace.read',
  workspace: (_caller, _productId, workspaceId) => workspaceId,
  readOnly: true,
  async run(ctx, productId, workspaceId) {
    const { product } = await loadVisibleProduct(ctx.db, ctx.session, productId)
    const installed = await ctx.db
      .selectFrom('product_installs')
      .select('process_ids')
      .where('cid', '=', workspaceId)
      .where('product_id', '=', product._id)
      .executeTakeFirst()
    const ids = installed?.process_ids ?? []
    if (!ids.length) return false
    const left = await ctx.db.selectFrom('processes').select('_id').where('cid', '=', workspaceId).where('_id', 'in', ids).executeTakeFirst()
    return !!left
  },
})

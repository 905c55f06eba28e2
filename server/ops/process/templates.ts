/**
 * Workflow templates shipped as data: templates/*.json at the repository root, each
 * `{_id, title, description, schemas: WorkflowSchema[]}` (server/domain/copy-processes.ts), the same
 * shape v2.network.workflowTemplate returns. Ids are stable (they are in the files); ids inside
 * `schemas` only label things, installing gives everything new ones.
 */
import { copyProcesses, shippedTemplates } from '../../domain/copy-processes'
import { notFound } from '../../errors'
import { operation } from '../../rpc/operation'

/** [] -> the listing entries `{_id, title, description, schemas}`; any signed-in user. */
export const listTemplates = operation({
  name: 'process.list_templates',
  access: 'signedIn',
  readOnly: true,
  async run() {
    return shippedTemplates().map(({ _id, title, description, schemas }) => ({ _id, title, description, schemas }))
  },
})

/**
 * [templateId] installs the template's workflows into the current workspace (the caller needs
 * processes.create there; the processes and datasets quotas count). Returns
 * `{templateId, cid, processIds}`, the new ids in the order of the template's schemas.
 */
export const installTemplate = operation({
  name: 'process.install_template',
  access: 'member',
  capability: 'processes.create',
  async run(ctx, templateId) {
    const template = shippedTemplates().find((t) => t._id === templateId)
    const { cid } = ctx
    if (!template) throw notFound('template')
    const { processIds } = await copyProcesses(ctx, { cid, uid: ctx.session.uid, sourceCid: null }, template.schemas)
    return { templateId, cid, processIds }
  },
})

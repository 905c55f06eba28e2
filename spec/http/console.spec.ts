/** GET / serves the console with a strict Content-Security-Policy; its script and style come from this origin. */
import { CONSOLE_CSP } from '../../server/http/console'
import { serverUrl } from '../helpers/client'

test('the console page, its script and style, with the security headers', async () => {
  const page = await fetch(`${serverUrl()}/`)
  expect(page.status).toBe(200)
  expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
  expect(page.headers.get('content-security-policy')).toBe(CONSOLE_CSP)
  expect(CONSOLE_CSP).not.toMatch(/unsafe-inline|unsafe-eval|\*/)
  expect(page.headers.get('x-content-type-options')).toBe('nosniff')
  expect(page.headers.get('x-frame-options')).toBe('DENY')
  const html = await page.text()
  // No inline code: every script and style is a file of this origin.
  expect(html).toContain('<script type="module" src="/console/app.js"></script>')
  expect(html).not.toMatch(/<script>|<style|\sstyle="|\son[a-z]+="/)
  const script = await fetch(`${serverUrl()}/console/app.js`)
  expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
  expect((await script.text()).length).toBeGreaterThan(1000)
  const style = await fetch(`${serverUrl()}/console/app.css`)
  expect(style.headers.get('content-type')).toBe('text/css; charset=utf-8')
  expect(await style.text()).toContain('.board')
  expect((await fetch(`${serverUrl()}/console/nothing.js`)).status).toBe(404)
})

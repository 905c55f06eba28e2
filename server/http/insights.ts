import express from 'express'
import type { RouteDeps } from './routes'

export function insightsRouter(_deps: RouteDeps) {
  return express.Router()
}

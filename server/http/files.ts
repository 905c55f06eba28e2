import express from 'express'
import type { RouteDeps } from './routes'

export function filesRouter(_deps: RouteDeps) {
  return express.Router()
}

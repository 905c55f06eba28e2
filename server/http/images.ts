import express from 'express'
import type { RouteDeps } from './routes'

export function imagesRouter(_deps: RouteDeps) {
  return express.Router()
}

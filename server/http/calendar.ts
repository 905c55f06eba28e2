import express from 'express'
import type { RouteDeps } from './routes'

export function calendarRouter(_deps: RouteDeps) {
  return express.Router()
}

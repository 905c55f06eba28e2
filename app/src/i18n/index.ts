/**
 * i18next with the interface's three languages. Every visible string goes through t() with a key
 * of en.json; fi.json and sv.json hold the same keys. The language is the person's choice (kept in
 * this browser), else the browser's, else English; dates and numbers follow it (Intl).
 */
import i18n from 'i18next'
import { initReactI18next } from 'react-i18next'
import en from './en.json'
import fi from './fi.json'
import sv from './sv.json'

export const LANGUAGES = ['en', 'fi', 'sv'] as const
export type Language = (typeof LANGUAGES)[number]
const STORED = 'hlr.language'

function initialLanguage(): Language {
  const stored = localStorage.getItem(STORED)
  const wanted = [stored, ...navigator.languages.map((l) => l.slice(0, 2))]
  return (wanted.find((l) => LANGUAGES.includes(l as Language)) as Language | undefined) ?? 'en'
}

export function setLanguage(language: Language) {
  localStorage.setItem(STORED, language)
  void i18n.changeLanguage(language)
}

export function startI18n() {
  void i18n.use(initReactI18next).init({
    resources: { en: { translation: en }, fi: { translation: fi }, sv: { translation: sv } },
    lng: initialLanguage(),
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
  })
  document.documentElement.lang = i18n.language
  i18n.on('languageChanged', (language) => (document.documentElement.lang = language))
  return i18n
}

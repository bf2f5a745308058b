/**
 * A settings form backed by the server: starts from the server's values, reports its
 * dirty state to the page, saves (resetting to what the server answered), and discards by
 * reloading from the server. Field errors go under their inputs, the rest to the top.
 */
import { useState } from 'react'
import type { DefaultValues, FieldValues } from 'react-hook-form'
import type { z } from 'zod'
import { toast } from './toast'
import { GENERIC_ERROR } from '@myodocs/shared/constants/messages'
import { serverFormError, useZodForm } from './form'
import { useUnsavedChanges } from './unsaved-changes'

export function useSectionForm<TSchema extends z.ZodType<FieldValues, FieldValues>>({
  id,
  schema,
  initial,
  save,
  reload,
  savedMessage,
}: {
  id: string
  schema: TSchema
  initial: z.input<TSchema>
  /** Saves and answers the values as stored. */
  save: (values: z.output<TSchema>) => Promise<z.input<TSchema>>
  /** Reads the values from the server again. */
  reload: () => Promise<z.input<TSchema>>
  savedMessage: string
}) {
  const form = useZodForm(schema, { defaultValues: initial as DefaultValues<z.input<TSchema>> })
  const [formError, setFormError] = useState<string | null>(null)
  const [discarding, setDiscarding] = useState(false)
  const dirty = form.formState.isDirty
  useUnsavedChanges(id, dirty)

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null)
    try {
      const saved = await save(values)
      form.reset(saved)
      toast.success(savedMessage)
    } catch (err) {
      setFormError(serverFormError(form, err))
    }
  })

  const discard = async () => {
    setDiscarding(true)
    try {
      form.reset(await reload())
      setFormError(null)
    } catch (err) {
      setFormError(err instanceof Error ? err.message : GENERIC_ERROR)
    } finally {
      setDiscarding(false)
    }
  }

  return {
    form,
    /** What SettingsFormSection needs: spread it on the section. */
    sectionProps: {
      dirty,
      saving: form.formState.isSubmitting,
      discarding,
      formError,
      onSubmit: (e: React.FormEvent<HTMLFormElement>) => void onSubmit(e),
      onDiscard: () => void discard(),
    },
  }
}

/** Loading and error states of a settings section's query, then the section with its data. */
import type { ReactNode } from 'react'
import type { UseQueryResult } from '@tanstack/react-query'
import { RotateCw } from 'lucide-react'
import { loadingSection, sectionLoadFailed } from '@myodocs/shared/constants/settings-messages'
import { TRY_AGAIN } from '@myodocs/shared/constants/messages'
import { Alert } from './alert'
import { Button } from './button'
import { Card } from './card'
import { Spinner } from './spinner'

export function QueryState<T>({
  query,
  what,
  children,
}: {
  query: UseQueryResult<T>
  /** e.g. "your PDF preferences", for the loading and error texts. */
  what: string
  children: (data: T) => ReactNode
}) {
  if (query.isPending) {
    return (
      <Card>
        <Spinner label={loadingSection(what)} />
      </Card>
    )
  }
  if (query.isError) {
    return (
      <Alert
        tone="danger"
        role="alert"
        title={sectionLoadFailed(what)}
        action={
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            <RotateCw className="size-4" aria-hidden />
            {TRY_AGAIN}
          </Button>
        }
      >
        {query.error.message}
      </Alert>
    )
  }
  return <>{children(query.data)}</>
}

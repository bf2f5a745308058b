/** Loading and error states of a settings section's query, then the section with its data. */
import type { ReactNode } from 'react'
import type { UseQueryResult } from '@tanstack/react-query'
import { RotateCw } from 'lucide-react'
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
        <Spinner label={`Loading ${what}…`} />
      </Card>
    )
  }
  if (query.isError) {
    return (
      <Alert
        tone="danger"
        role="alert"
        title={`We could not load ${what}.`}
        action={
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            <RotateCw className="size-4" aria-hidden />
            Try again
          </Button>
        }
      >
        {query.error.message}
      </Alert>
    )
  }
  return <>{children(query.data)}</>
}

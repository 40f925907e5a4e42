/**
 * The playground's text when no file is given: small, valid, and scoped over two protocol
 * revisions so the Effective Protocol View has something to show for each. One finding on
 * purpose (`days` has no description): quiet when only validating, a warning with the
 * recommended preset, an error with strict.
 */
export const exampleDescription = `mcpdesc: 0.8.0
info:
  name: weather
  title: Weather Forecasts
  version: 1.0.0
  description: Current conditions and forecasts for a place.
protocolVersions:
  - '2025-11-25'
  - '2026-07-28'
transports:
  - type: stdio
    command: weather-mcp
capabilities:
  - tools:
      listChanged: false
tools:
  - name: get_forecast
    title: Get a forecast
    description: Returns the forecast for a place for the next one to seven days.
    annotations:
      readOnlyHint: true
      destructiveHint: false
      idempotentHint: true
      openWorldHint: true
    inputSchema:
      type: object
      properties:
        place:
          type: string
          description: A city name or "latitude,longitude".
        days:
          type: integer
          minimum: 1
          maximum: 7
      required: [place]
      additionalProperties: false
  - name: get_alerts
    title: Get weather alerts
    description: Lists the active severe-weather alerts for a place.
    protocolVersions:
      - '2026-07-28'
    annotations:
      readOnlyHint: true
      destructiveHint: false
      idempotentHint: true
      openWorldHint: true
    inputSchema:
      type: object
      properties:
        place:
          type: string
          description: A city name or "latitude,longitude".
      required: [place]
      additionalProperties: false
`;

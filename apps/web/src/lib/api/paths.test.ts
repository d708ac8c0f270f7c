// The api typed by path: what each path takes and answers comes from the OpenAPI document, and `{name}` parts are filled.
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import { api, byPath, createApiClient, MAIN_TIMEOUT_MS, type Envelope } from './client';
import { configureApi, resetApiEnvironment } from './environment';
import { fillPath, type ApiBody, type ApiData, type ApiQuery, type ApiSchema } from './paths';

function answering(data: unknown, msg = '') {
  const calls: { url: string; init: RequestInit }[] = [];
  configureApi({
    isPublicRoute: () => true,
    fetch: async (url, init) => {
      calls.push({ url, init });
      return new Response(JSON.stringify({ code: 1, msg, data }), { headers: { 'content-type': 'application/json' } });
    },
  });
  return calls;
}

afterEach(() => resetApiEnvironment());

describe('fillPath', () => {
  it('fills each {name} part, URL-encoded, and leaves a path without parts alone', () => {
    expect(fillPath('/api/employee/updateStatus/{id}/{status}', { id: 7, status: 0 })).toBe(
      '/api/employee/updateStatus/7/0',
    );
    expect(fillPath('/api/file/localUpload/{kind}', { kind: 'a/b' })).toBe('/api/file/localUpload/a%2Fb');
    expect(fillPath('/api/alarm/countAll', undefined)).toBe('/api/alarm/countAll');
  });

  it('refuses a path whose part has no value rather than calling a wrong address', () => {
    expect(() => fillPath('/api/file/{id}', {})).toThrow('{id}');
  });
});

describe('api typed by path', () => {
  const client = byPath(createApiClient({ timeoutMs: MAIN_TIMEOUT_MS }));

  it('sends the path with its parameters filled and without them among the options', async () => {
    const calls = answering({ password: 'Ab12345678' });
    await expect(client.get('/api/employee/resetPasswd/{id}', undefined, { params: { id: 12 } })).resolves.toEqual({
      password: 'Ab12345678',
    });
    await client.post('/api/roleProjectPrivilege/query/{id}', undefined, { params: { id: 3 } });
    expect(calls.map((c) => [c.init.method, c.url])).toEqual([
      ['GET', '/api/employee/resetPasswd/12'],
      ['POST', '/api/roleProjectPrivilege/query/3'],
    ]);
  });

  it('sends a query and a JSON body as the transport does', async () => {
    const calls = answering(null);
    await client.get('/api/reset/sendCode', { userName: 'a b', type: 'email' });
    await client.post('/api/alarm/deleteByIds', [1, 2]);
    expect(calls[0]!.url).toBe('/api/reset/sendCode?userName=a+b&type=email');
    expect(calls[1]!.init.body).toBe('[1,2]');
  });

  it('answers the whole envelope when asked, for the server’s own message', async () => {
    answering({ id: 5 }, 'Project added.');
    await expect(client.postEnvelope('/api/project/add', { proName: 'A' })).resolves.toMatchObject({
      code: 1,
      msg: 'Project added.',
      data: { id: 5 },
    });
  });

  it('uploads to a path with its kind filled', async () => {
    const calls = answering({ id: 1 });
    await client.upload('/api/file/localUpload/{kind}', new Blob(['x']), { params: { kind: '5' } });
    expect(calls[0]!.url).toBe('/api/file/localUpload/5');
    expect((calls[0]!.init.body as FormData).get('file')).toBeInstanceOf(Blob);
  });

  it('types bodies, queries and answers from the document', () => {
    expectTypeOf<ApiData<'post', '/api/alarm/page/query'>>().toEqualTypeOf<ApiSchema<'AlarmPage'>>();
    expectTypeOf<ApiData<'get', '/api/role/getAll'>>().toEqualTypeOf<ApiSchema<'Role'>[]>();
    expectTypeOf<ApiData<'post', '/api/role/update'>>().toBeNull();
    // A route that answers a file has no envelope to type.
    expectTypeOf<ApiData<'get', '/api/file/{id}'>>().toBeUnknown();
    expectTypeOf<ApiBody<'post', '/api/alarm/page/query'>>().toEqualTypeOf<ApiSchema<'AlarmQueryInput'>>();
    expectTypeOf<ApiBody<'post', '/api/privilege/menu'>>().toBeUndefined();
    // The route's schema is nullish: the body may be left out.
    expectTypeOf<undefined>().toExtend<ApiBody<'post', '/api/roleVideoPrivilege/queryAll'>>();
    expectTypeOf<ApiQuery<'get', '/api/reset/sendCode'>>().toEqualTypeOf<{
      userName: string;
      type: 'email' | 'mobile';
    }>();
    expectTypeOf(api.post<'/api/device/countByType'>).returns.resolves.toEqualTypeOf<ApiSchema<'DeviceCounts'>>();
    expectTypeOf(api.postEnvelope<'/api/device/countByType'>).returns.resolves.toEqualTypeOf<
      Envelope<ApiSchema<'DeviceCounts'>>
    >();
  });

  it('refuses, at compile time, a path the document lacks, a wrong body and a missing path parameter', async () => {
    answering(null);
    // @ts-expect-error not a route of the document
    await client.post('/api/nowhere');
    // @ts-expect-error a field the body does not have
    await client.post('/api/alarm/page/query', { bogus: 1 });
    // @ts-expect-error the path has no {name} parts to fill
    await client.post('/api/alarm/countAll', {}, { params: { id: 1 } });
    await expect(
      // @ts-expect-error {id} needs a value
      client.get('/api/role/get/{id}'),
    ).rejects.toThrow('{id}');
  });
});

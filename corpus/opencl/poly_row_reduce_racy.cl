//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
// expect: racy — with no barrier inside the off loop, work-item t0 reads part[t0 + 16] in step off=16 while work-item t0+16 writes part[t0 + 16] in step off=32
__kernel void kernel0(__global float *A, __global float *s, int m, int n)
{
  __requires(m == 2048 && n == 1024);
  int b0 = get_group_id(0);
  int t0 = get_local_id(0);
  __local float part[64];

  for (int c0 = b0; c0 < m; c0 += 16) {
    float acc = 0.0f;
    for (int c1 = t0; c1 < n; c1 += 64)
      acc += A[c0 * n + c1];
    part[t0] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int off = 32; off > 0; off /= 2) {
      if (t0 < off)
        part[t0] += part[t0 + off];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (t0 == 0)
      s[c0] = part[0];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
}

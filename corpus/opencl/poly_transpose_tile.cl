//pass
//--local_size=[32,8] --num_groups=[64,64]
// expect: drf — tile[c3][t0] is written by one work-item per cell and read transposed only after a barrier; each B cell has a single writer
__kernel void kernel0(__global float *A, __global float *B, int n)
{
  __requires(n == 2048);
  int b0 = get_group_id(0), b1 = get_group_id(1);
  int t0 = get_local_id(0), t1 = get_local_id(1);
  __local float tile[32][33];

  for (int c0 = 32 * b0; c0 < n; c0 += 2048)
    for (int c1 = 32 * b1; c1 < n; c1 += 2048) {
      for (int c3 = t1; c3 <= 31; c3 += 8)
        tile[c3][t0] = A[(c0 + c3) * n + (c1 + t0)];
      barrier(CLK_LOCAL_MEM_FENCE);
      for (int c3 = t1; c3 <= 31; c3 += 8)
        B[(c1 + c3) * n + (c0 + t0)] = tile[t0][c3];
      barrier(CLK_LOCAL_MEM_FENCE);
    }
}

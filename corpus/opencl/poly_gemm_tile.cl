//pass
//--local_size=[16,16] --num_groups=[16,16]
// expect: drf — sA/sB cells have one writer per tile and the barriers after the load and after the inner product separate every read from the next tile's writes
__kernel void kernel0(__global float *A, __global float *B, __global float *C, int n)
{
  __requires(n == 256);
  int b0 = get_group_id(1), b1 = get_group_id(0);
  int t0 = get_local_id(1), t1 = get_local_id(0);
  __local float sA[16][16];
  __local float sB[16][16];
  float acc = 0.0f;

  for (int c2 = 0; c2 < n; c2 += 16) {
    sA[t0][t1] = A[(16 * b0 + t0) * n + (c2 + t1)];
    sB[t0][t1] = B[(c2 + t0) * n + (16 * b1 + t1)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int c3 = 0; c3 < 16; c3 += 1)
      acc += sA[t0][c3] * sB[c3][t1];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  C[(16 * b0 + t0) * n + (16 * b1 + t1)] = acc;
}

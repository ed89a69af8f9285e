//pass
//--local_size=32 --num_groups=256
// expect: drf — shared_x is refilled only after a barrier that follows every read of the previous tile, and y[c0 + t0] is private to each work-item
__kernel void kernel0(__global float *A, __global float *x, __global float *y, int n)
{
  __requires(n == 1024);
  int b0 = get_group_id(0);
  int t0 = get_local_id(0);
  __local float shared_x[32];
  float private_y;

  for (int c0 = 32 * b0; c0 < n; c0 += 8192) {
    private_y = 0.0f;
    for (int c1 = 0; c1 < n; c1 += 32) {
      barrier(CLK_LOCAL_MEM_FENCE);
      shared_x[t0] = x[c1 + t0];
      barrier(CLK_LOCAL_MEM_FENCE);
      for (int c2 = 0; c2 < 32; c2 += 1)
        private_y += A[(c0 + t0) * n + (c1 + c2)] * shared_x[c2];
    }
    y[c0 + t0] = private_y;
  }
}

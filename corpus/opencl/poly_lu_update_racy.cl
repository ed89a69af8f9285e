//xfail:NOT_ALL_VERIFIED
//--local_size=[16,16] --num_groups=[8,8]
// expect: racy — the column loop starts at k, so the work-item with c1 + t1 == k writes A[r * n + k] while other work-items of row r read A[r * n + k]
__kernel void kernel0(__global float *A, int n, int k)
{
  __requires(n == 1024);
  __requires(k >= 0 && k < n - 1);
  int b0 = get_group_id(1), b1 = get_group_id(0);
  int t0 = get_local_id(1), t1 = get_local_id(0);

  for (int c0 = 16 * b0 + k + 1; c0 < n; c0 += 128)
    for (int c1 = 16 * b1 + k; c1 < n; c1 += 128)
      if (c0 + t0 < n && c1 + t1 < n)
        A[(c0 + t0) * n + (c1 + t1)] -= A[(c0 + t0) * n + k] * A[k * n + (c1 + t1)];
}

//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
// expect: divergent — odd work-items run one more iteration, so they reach work_group_scan_inclusive_add more times than even ones
// cl-std: CL2.0
__kernel void k(__global const int *in, __global int *out, int rounds)
{
  __requires(rounds >= 1 && rounds <= 8);
  int gid = get_global_id(0);
  int lid = get_local_id(0);
  int v = in[gid];
  for (int r = 0; r < rounds + (lid & 1); r++)
    v = work_group_scan_inclusive_add(v);
  out[gid] = v;
}

//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
// expect: divergent — the scan is under the data-dependent branch x != 0, so work-items that loaded a zero skip the collective while others reach it
// cl-std: CL2.0
__kernel void k(__global const int *in, __global int *out)
{
  int gid = get_global_id(0);
  int x = in[gid];
  int s = 0;
  if (x != 0)
    s = work_group_scan_inclusive_add(x);
  out[gid] = s;
}

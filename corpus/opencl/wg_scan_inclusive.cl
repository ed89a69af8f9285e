//pass
//--local_size=64 --num_groups=16
// expect: drf — the inclusive scan is reached unconditionally and out[gid] has a single writer
// cl-std: CL2.0
__kernel void k(__global const int *in, __global int *out)
{
  int gid = get_global_id(0);
  int x = in[gid];
  int s = 0;
  s = work_group_scan_inclusive_add(x);
  out[gid] = s;
}

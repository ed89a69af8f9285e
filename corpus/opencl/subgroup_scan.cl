//pass
//--local_size=64 --num_groups=16
// expect: drf — the sub-group scan is reached by every work-item and out[gid] has one writer
// cl-std: CL2.0
__kernel void k(__global const int *in, __global int *out)
{
  int gid = get_global_id(0);
  int s = sub_group_scan_inclusive_add(in[gid]);
  out[gid] = s + (int)get_sub_group_local_id();
}

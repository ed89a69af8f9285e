//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
// expect: racy — the group term is missing, so lane 0 of sub-group 0 in every work-group writes out[0], each with its own sub-group sum
// cl-std: CL2.0
__kernel void k(__global const float *in, __global float *out)
{
  int gid = get_global_id(0);
  float s = sub_group_reduce_add(in[gid]);
  if (get_sub_group_local_id() == 0)
    out[get_sub_group_id()] = s;
}
